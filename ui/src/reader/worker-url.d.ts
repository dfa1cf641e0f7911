/** Vite answers a `?url` import with the address the built file is served at. */
declare module '*?url' {
  const address: string;
  export default address;
}
