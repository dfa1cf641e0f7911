import type { TFunction } from 'i18next';
import type { NextStepData } from '../api/checkout';

type PayAt = Extract<NextStepData, { kind: 'offline' }>['payAt'];

/**
 * Where to pay: a place the store names in the page's language (an Aman or Masary kiosk), else the
 * provider's or the operator's own words (an InstaPay address), shown as they are.
 */
export const placeOf = (payAt: Pick<PayAt, 'place' | 'payTo'>, t: TFunction): string | undefined =>
  payAt.place ? t(`common:payPlace.${payAt.place}`) : payAt.payTo;
