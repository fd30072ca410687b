#ifndef ARBITER_LINE_H
#define ARBITER_LINE_H

/// Line editing for the REPL over libedit: a prompt with editing keys, history kept in a file, and tab
/// completion asked of a callback.

/// Returns the candidates for the word before the cursor as a malloc'd, NULL-terminated array of malloc'd
/// strings (or NULL for none). `line` is the whole text before the cursor. When there is one candidate,
/// `ends_word` says whether it is a whole word (a space follows it) or may go on (`key=`, a list item).
typedef char **(*arbiter_line_completer)(const char *line, int *ends_word);

/// Sets up editing: the program name for ~/.editrc, the completer, and the history file to read (may be NULL).
void arbiter_line_setup(const char *name, arbiter_line_completer completer, const char *history_path);

/// Reads one line with editing: a malloc'd string without the newline, or NULL at end of input (Ctrl-D on an
/// empty line) or when Ctrl-C abandoned the line, which sets `*interrupted` to 1.
char *arbiter_line_read(const char *prompt, int *interrupted);

/// Adds `line` to the history and, when `history_path` is not NULL, writes the history there.
/// Returns 0, or -1 when the file could not be written.
int arbiter_line_remember(const char *line, const char *history_path);

#endif
