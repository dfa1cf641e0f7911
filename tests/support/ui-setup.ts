import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy and waitFor wait up to 3 s rather than 1: with both cores busy (two Jest workers, tsc
// beside them), a render that takes a moment alone took over a second, and the test failed for it.
configure({ asyncUtilTimeout: 3_000 });
