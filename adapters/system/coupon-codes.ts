import { randomInt } from 'node:crypto';
import { CouponCodes } from '../../core/coupons/ports';

/** No 0/O or 1/I: a code read aloud or copied from print is typed right. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

/** 10 characters of 32: 50 bits, so a code cannot be guessed from the ones a batch gave out. */
export class RandomCouponCodes implements CouponCodes {
  next(): string {
    return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  }
}
