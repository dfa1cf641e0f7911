/**
 * Ids have the shape shoppers already know from the original store (24 hexadecimal characters, the
 * last 6 of which are an order's number). The generator is a port so that tests can fix them.
 */
export type Id = string;

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const isId = (value: string): value is Id => ID_PATTERN.test(value);

export interface IdGenerator {
  next(): Id;
}

export interface Clock {
  now(): Date;
}
