declare module 'geoip-country' {
  interface CountryRecord {
    country: string;
    name: string;
  }
  const geoip: { lookup(ip: string): CountryRecord | null };
  export default geoip;
}
