import type { Environment } from './provider';

/** The start of every refusal of a setting: the same words as the store's other settings (adapters/di/config.ts). */
export const NOT_VALID = 'The configuration is not valid:';

/** A setting that cannot be used, named, as the operator sees it before the store starts. */
export const invalidSetting = (name: string, problem: string): Error => new Error(`${NOT_VALID}\n  ${name}: ${problem}`);

/**
 * A provider's (or Google's) credentials: all of them, or none (then its emulator); a part of them
 * is a mistake to say, naming what is missing beside what was given.
 */
export const allOrNone = <K extends string>(env: Environment, names: readonly K[]): Readonly<Record<K, string>> | undefined => {
  const given = names.filter((name) => env[name] !== undefined);
  if (given.length === 0) return undefined;
  if (given.length < names.length)
    throw new Error(`${NOT_VALID}\n  ${names.filter((name) => env[name] === undefined).join(', ')}: needed with ${given.join(', ')}`);
  const empty = names.find((name) => env[name] === '');
  if (empty) throw invalidSetting(empty, 'must not be empty');
  return Object.fromEntries(names.map((name) => [name, env[name]])) as Record<K, string>;
};

/** A positive whole number (an integration id). */
export const positiveWhole = (name: string, text: string): number => {
  if (!/^[1-9]\d{0,14}$/.test(text.trim())) throw invalidSetting(name, 'must be a positive whole number');
  return Number(text.trim());
};
