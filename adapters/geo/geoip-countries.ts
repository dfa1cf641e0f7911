import geoip from 'geoip-country';
import { CountryLookup } from '../../core/location/ports';

/**
 * Countries from the GeoLite2 data that ships inside the geoip-country package: no network at run
 * time. Operators refresh it by updating the package (see docs/operating.md).
 */
export class GeoipCountries implements CountryLookup {
  countryOf(address: string): string | null {
    const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
    try {
      return geoip.lookup(ip)?.name ?? null;
    } catch {
      return null;
    }
  }
}
