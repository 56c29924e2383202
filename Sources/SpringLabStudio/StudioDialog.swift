import SpringLabCore
import SpringLabUI

/// What waits behind a "Save changes?" question.
public enum PendingAction: Sendable, Equatable {
  case quit
  case load(String)
}

/// A modal question. While one is open it takes all input: Enter is its
/// primary button, Esc cancels and closes only the dialog.
public enum StudioDialog: Sendable {
  case saveAs
  case confirm(PendingAction)
  /// A recovery copy (file name) of this document, newer than what is loaded.
  case recovery(name: String, Preset)
  /// The file changed on disk since it was loaded; the save waits.
  case conflict(path: String, then: PendingAction?)
}

/// A dialog's answers.
public enum DialogChoice: Sendable, Equatable {
  case save, dontSave, cancel, recover, discard, overwrite, saveAs, reload
}

/// A dialog button: its text, its answer and how it looks.
public struct DialogButton: Sendable, Equatable {
  public var title: String
  public var choice: DialogChoice
  public var style: ButtonStyle
}

extension StudioDialog {
  /// The buttons, left to right. Exactly one is `.primary` (Enter).
  public var buttons: [DialogButton] {
    switch self {
    case .saveAs:
      return [
        DialogButton(title: "Save", choice: .save, style: .primary),
        DialogButton(title: "Cancel", choice: .cancel, style: .normal),
      ]
    case .confirm:
      return [
        DialogButton(title: "Save", choice: .save, style: .primary),
        DialogButton(title: "Don't save", choice: .dontSave, style: .destructive),
        DialogButton(title: "Cancel", choice: .cancel, style: .normal),
      ]
    case .recovery:
      return [
        DialogButton(title: "Recover", choice: .recover, style: .primary),
        DialogButton(title: "Discard", choice: .discard, style: .destructive),
      ]
    case .conflict:
      return [
        DialogButton(title: "Save as…", choice: .saveAs, style: .primary),
        DialogButton(title: "Overwrite", choice: .overwrite, style: .destructive),
        DialogButton(title: "Reload", choice: .reload, style: .destructive),
      ]
    }
  }

  /// Enter's answer.
  public var primary: DialogChoice { buttons.first { $0.style == .primary }!.choice }

  /// Esc's answer: closes the dialog and nothing else (a recovery question
  /// stays answerable at the next launch).
  public var cancel: DialogChoice { .cancel }

  /// Title and explanation lines.
  public func lines(documentName: String) -> (title: String, body: String) {
    switch self {
    case .saveAs:
      return ("Save preset as", "")
    case .confirm(.quit):
      return (
        "Save changes to “\(documentName)” before quitting?",
        "Your changes are lost if you don't save them."
      )
    case .confirm(.load):
      return (
        "Save changes to “\(documentName)” before loading another preset?",
        "Your changes are lost if you don't save them."
      )
    case .recovery(_, let p):
      return (
        "Recover unsaved changes to “\(p.name)”?",
        "They were autosaved before SpringLab closed. Esc asks again next time."
      )
    case .conflict(let path, _):
      return (
        "“\(StudioFiles.lastComponent(path))” changed on disk",
        "Another window or program saved it after you loaded it."
      )
    }
  }
}
