import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { NAMESPACES, i18n, startTranslations } from '../../ui/src/i18n/i18n';

// findBy and waitFor wait up to 3 s rather than 1: with both cores busy (two Jest workers, tsc
// beside them), a render that takes a moment alone took over a second, and the test failed for it.
configure({ asyncUtilTimeout: 3_000 });

// The UI speaks through its catalogues (ui/src/i18n): English, as a first visit without a language has it.
// Every namespace is loaded first, so no component waits for its catalogue in a test.
beforeAll(async () => {
  await startTranslations('en');
  await i18n.loadNamespaces([...NAMESPACES]);
});
