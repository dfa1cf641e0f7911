import { ExchangeRates } from '../../core/catalog/ports/product-editor';

/** The rate the operator configured (EGP_PER_USD); a rates service could take its place behind the port. */
export class ConfiguredExchangeRate implements ExchangeRates {
  constructor(private readonly egpPerUsdText: string) {}

  async egpPerUsd(): Promise<string> {
    return this.egpPerUsdText;
  }
}
