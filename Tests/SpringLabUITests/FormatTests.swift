import Testing

@testable import SpringLabUI

@Suite struct FormatTests {
  @Test func valuesShowUnits() {
    #expect(
      ValueFormat.text(0.4, decimals: ValueFormat.decimals(forStep: 0.01), unit: "s") == "0.400 s")
    #expect(
      ValueFormat.text(120, decimals: ValueFormat.decimals(forStep: 1), unit: "pt") == "120 pt")
    #expect(ValueFormat.text(170, decimals: 0, unit: "°") == "170°")
    #expect(ValueFormat.text(-0.0001, decimals: 2, unit: "") == "0.00")
  }

  @Test func parsingAcceptsNumbersOnly() {
    #expect(ValueFormat.parse("0.72") == 0.72)
    #expect(ValueFormat.parse(" 0,5 s ", unit: "s") == 0.5)
    #expect(ValueFormat.parse("170°", unit: "°") == 170)
    #expect(ValueFormat.parse("1e2") == 100)
    #expect(ValueFormat.parse("abc") == nil)
    #expect(ValueFormat.parse("") == nil)
    #expect(ValueFormat.parse("inf") == nil)
    #expect(ValueFormat.parse("nan") == nil)
    #expect(ValueFormat.parse("0x10") == nil)
  }

  @Test func quantizeGivesCleanDecimals() {
    #expect(ValueFormat.quantize(0.7199999, 0.01) == 0.72)
    #expect(ValueFormat.quantize(4.37, 1) == 4)
    #expect(ValueFormat.quantize(123, 0) == 123)
  }

  @Test func textBufferEditing() {
    var b = TextBuffer("0.400", selectAll: true)
    b.insert("0.7")
    #expect(b.text == "0.7")
    b.insert("2")
    b.home()
    b.deleteForward()
    #expect(b.text == ".72")
    b.end()
    b.left()
    b.backspace()
    #expect(b.text == ".2")
    #expect(b.caret == 1)
    b.insert("abc\n", maxLength: 4)
    #expect(b.text == ".ab2")
  }
}
