import { freshPglite } from '../support/databases';
import { guestLibraryContract } from './guest-library.contract';
import { knexGuestLibrary } from './knex-guest-library';

guestLibraryContract('PGlite', async () => knexGuestLibrary(await freshPglite()));
