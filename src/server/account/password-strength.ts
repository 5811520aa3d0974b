import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { invalidField } from '../http/errors';

// Server only: the lists are some hundred KB, which the client's first load should not carry.
// They are loaded on the first registration, not at start: most server processes never register
// anyone, and the lists held ~10 MB of an idle server's memory.
// Only the first 64 characters are examined: the matcher's work grows fast with the length, and
// a password that long is not guessable by its first 64 characters anyway.
let estimator: Promise<ZxcvbnFactory> | undefined;
const loadEstimator = () =>
  (estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }]) => new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64 }),
  ));

/** zxcvbn's score 2 is "safe from throttled online guessing" (about 10^6 guesses or more). */
const MIN_SCORE = 2;

export const TOO_COMMON =
  'This password is too easy to guess: it is a common password, or a common one slightly changed. ' +
  'Choose a longer one, for example a few unrelated words.';

/**
 * Refuses a password found near the top of the common password lists, a keyboard row, a repeated
 * character, a date or the person's own email or blog name. A 400 on the password field.
 */
export async function assertPasswordNotCommon(password: string, personal: string[]): Promise<void> {
  if (password.trim() === '') throw invalidField('password', 'Your password cannot be only spaces.');
  if ((await loadEstimator()).check(password, personal).score < MIN_SCORE) throw invalidField('password', TOO_COMMON);
}
