#include "arbiter_line.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

static arbiter_line_completer current_completer;
static volatile sig_atomic_t interrupted_flag;

/// Ctrl-C while a line is read: libedit's own handler has put the terminal back and passes the signal on; the
/// read it interrupts makes readline return NULL, and this flag tells that from the end of input.
static void on_interrupt(int signal_number) {
    (void)signal_number;
    interrupted_flag = 1;
}

/// The longest prefix every candidate shares, malloc'd.
static char *common_prefix(char **candidates) {
    size_t length = strlen(candidates[0]);
    for (size_t index = 1; candidates[index] != NULL; index++) {
        size_t same = 0;
        while (same < length && candidates[index][same] == candidates[0][same]) same++;
        length = same;
    }
    return strndup(candidates[0], length);
}

/// libedit's hook: `text` is the word before the cursor, words being split at spaces only.
static char **attempt_completion(const char *text, int start, int end) {
    (void)text;
    (void)start;
    rl_attempted_completion_over = 1; /* never fall back to file names */
    if (current_completer == NULL) return NULL;
    char *before = strndup(rl_line_buffer, (size_t)end);
    if (before == NULL) return NULL;
    int ends_word = 1;
    char **candidates = current_completer(before, &ends_word);
    free(before);
    if (candidates == NULL) return NULL;
    if (candidates[0] == NULL) {
        free(candidates);
        return NULL;
    }
    size_t count = 0;
    while (candidates[count] != NULL) count++;
    /* readline's shape: the replacement first, then the candidates when there are several. */
    char **matches = calloc(count + 2, sizeof(char *));
    if (matches == NULL) return NULL;
    matches[0] = common_prefix(candidates);
    if (count == 1) {
        free(candidates[0]);
        /* A whole word gets a space after it; a key= or a list item, which may go on, does not. */
        rl_completion_append_character = ends_word ? ' ' : '\0';
    } else {
        for (size_t index = 0; index < count; index++) matches[index + 1] = candidates[index];
        rl_completion_append_character = '\0';
    }
    free(candidates);
    return matches;
}

void arbiter_line_setup(const char *name, arbiter_line_completer completer, const char *history_path) {
    rl_readline_name = name;
    current_completer = completer;
    rl_attempted_completion_function = attempt_completion;
    rl_basic_word_break_characters = " \t";
    rl_completer_word_break_characters = (char *)" \t";
    using_history();
    stifle_history(1000);
    if (history_path != NULL) read_history(history_path);
}

char *arbiter_line_read(const char *prompt, int *interrupted) {
    /* Only while a line is read: Ctrl-C during a command still stops the program. */
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: the read must be interrupted */
    interrupted_flag = 0;
    sigaction(SIGINT, &action, &previous);
    char *line = readline(prompt);
    sigaction(SIGINT, &previous, NULL);
    *interrupted = line == NULL && interrupted_flag;
    return line;
}

int arbiter_line_remember(const char *line, const char *history_path) {
    add_history(line);
    if (history_path == NULL) return 0;
    return write_history(history_path) == 0 ? 0 : -1;
}
