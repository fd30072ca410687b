#include "arbiter_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

static arbiter_line_completer current_completer;

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
    char **candidates = current_completer(before);
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
        /* A finished word gets a space after it, unless it is a key= or a list item waiting for more. */
        size_t length = strlen(matches[0]);
        char last = length > 0 ? matches[0][length - 1] : ' ';
        rl_completion_append_character = (last == '=' || last == ':' || last == ',') ? '\0' : ' ';
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

char *arbiter_line_read(const char *prompt) { return readline(prompt); }

int arbiter_line_remember(const char *line, const char *history_path) {
    add_history(line);
    if (history_path == NULL) return 0;
    return write_history(history_path) == 0 ? 0 : -1;
}
