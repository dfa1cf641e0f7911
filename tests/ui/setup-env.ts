/**
 * jsdom lacks TextEncoder/TextDecoder, which react-router needs when it loads. Import this file first
 * in every UI test (tests/support/ui-setup.ts is shared and not owned by the UI).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
