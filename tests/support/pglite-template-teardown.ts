import fs from 'node:fs';
import { COPIES_VARIABLE } from './pglite-template';

/** Jest's globalTeardown: this run's database copies (pglite-template.ts) go with it; the template stays. */
export default function removeCopies(): void {
  const copies = process.env[COPIES_VARIABLE];
  if (copies) fs.rmSync(copies, { recursive: true, force: true });
}
