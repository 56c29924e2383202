#ifndef SPRINGLAB_CSPAWN_H
#define SPRINGLAB_CSPAWN_H

#include <sys/types.h>

/// Starts `path` (an absolute path; no PATH search) with `argv` and `envp`
/// (both NULL-terminated), `in_fd`, `out_fd` and `err_fd` as its descriptors
/// 0, 1 and 2, every signal unblocked and at its default action.
///
/// On Linux the child also gets SIGKILL as its parent-death signal, so it
/// never outlives this process, even when this process is killed by SIGKILL.
/// Linux sends that signal when the *thread* that forked exits, so every
/// child is forked by one long-lived thread that never exits.
///
/// Returns 0 and stores the child's pid in `*pid`, or an errno value (from
/// fork, or from the child's exec, e.g. ENOENT) and starts nothing.
int springlab_spawn(const char *path, char *const argv[], char *const envp[], int in_fd,
                    int out_fd, int err_fd, pid_t *pid);

#endif
