import { ArchiveListing } from '../domain/file-content';

/**
 * An upload the HTTP edge has received whole into a temporary file (never into memory); the edge
 * removes it after the use case, whatever happened.
 */
export interface UploadedFile {
  /** The name the admin's computer gave it, as sent. */
  readonly name: string;
  readonly size: number;
  /** Up to `length` first bytes. */
  head(length: number): Promise<Uint8Array>;
  /** A ZIP's central directory, read from the file; the reason when it cannot be read. */
  listing(): Promise<ArchiveListing | { readonly unreadable: string }>;
  /** Its bytes, streamed. */
  content(): AsyncIterable<Uint8Array>;
}
