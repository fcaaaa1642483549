import { dictionary } from '@zxcvbn-ts/language-common';
import { DomainError } from '../errors.js';
import { hashPassword } from './passwords.js';

/**
 * The one password rule (registration, change, reset, guest set-password): at least 8 characters
 * and not one of the 49,233 common passwords of zxcvbn-ts's `passwords-common` dictionary
 * (@zxcvbn-ts/language-common, MIT), compared without case.
 */
export const MIN_PASSWORD_LENGTH = 8;

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (commonPasswords().has(password.toLowerCase()))
    return 'This password is one of the most common (it appears in leaked password lists); choose another';
  return null;
}

/** Checks a new password against the rule (422 VALIDATION_FAILED) and hashes it. */
export async function hashNewPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('VALIDATION_FAILED', problem);
  return hashPassword(password);
}
