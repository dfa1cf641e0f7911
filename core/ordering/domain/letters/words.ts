/**
 * Everything the store's e-mails say, in one language (issue 20): one file per language beside this
 * one (en.ts is the source, the letters as they always were). The letters' shape (greeting, lines,
 * link, signature, HTML) is written once, in confirmation.ts, library-letter.ts and reset-letter.ts.
 */
import { PayPlace } from '../pay-places';

/** A first paragraph: `strong` (an order number, a reference, an amount) is bold in the HTML part. */
export type Opening = readonly [before: string, strong: string, after: string];

export interface LetterWords {
  /** Intl's locale for this language's prices and dates. */
  readonly locale: string;
  readonly hello: (name: string) => string;
  /** A letter to an address whose owner's name the store does not know. */
  readonly helloWhoever: string;
  /** Around the support address, which is a link in the HTML part. */
  readonly needHelp: readonly [before: string, after: string];
  /** A price of zero. */
  readonly free: string;
  readonly total: string;
  readonly line: (title: string, price: string) => string;
  readonly inCairoTime: (when: string) => string;
  readonly reference: (reference: string) => string;
  readonly amount: (amount: string) => string;
  readonly payAt: (where: string) => string;
  /** The places to pay that the store names itself. */
  readonly places: Readonly<Record<PayPlace, string>>;
  readonly payBefore: (when: string) => string;
  readonly refunded: (amount: string) => string;
  /** The coupon an order used (issue 21) and what it took off. */
  readonly coupon: (code: string, amount: string) => string;
  readonly reason: (reason: string) => string;
  readonly noLongerDownloadable: (title: string) => string;
  /** Under a button-like link: the same address, for a reader whose client hides links. */
  readonly copyAddress: (link: string) => string;

  readonly subjects: {
    readonly confirmed: (number: string) => string;
    readonly delivered: (number: string) => string;
    readonly copiesReady: (number: string) => string;
    readonly payAt: (number: string) => string;
    readonly reminder: (number: string) => string;
    readonly refunded: (number: string, wholly: boolean) => string;
    readonly transferRejected: (number: string) => string;
    readonly library: string;
    readonly reset: string;
  };

  readonly openings: {
    readonly confirmed: (number: string) => Opening;
    readonly delivered: (number: string) => Opening;
    readonly copiesReady: (number: string) => Opening;
    readonly payAt: (reference: string) => Opening;
    readonly reminder: (reference: string) => Opening;
    readonly refunded: (amount: string, number: string) => Opening;
    readonly transferRejected: (number: string) => Opening;
  };

  /** Where the buyer finds the order, followed by the link there when the store has one. */
  readonly where: {
    /** The buyer's own stamped copies are being made (issue 19); a guest's link opens the library. */
    readonly copiesComing: (inLibrary: boolean) => string;
    readonly downloadsInLibrary: (delivered: boolean) => string;
    readonly downloadsInProfile: (delivered: boolean) => string;
    readonly orderInProfile: string;
    readonly copiesInLibrary: string;
    readonly copiesInProfile: string;
    readonly referenceInProfile: string;
  };

  /** A new link to a guest's library, asked for on the store's page. */
  readonly library: {
    readonly asked: string;
    readonly openWithin: (days: string) => string;
    readonly days: (count: number) => string;
    readonly notYou: string;
    readonly open: string;
  };

  /** A password reset link. */
  readonly reset: {
    readonly asked: string;
    readonly openWithin: (minutes: string) => string;
    readonly minutes: (count: number) => string;
    readonly notYou: string;
    readonly open: string;
  };
}
