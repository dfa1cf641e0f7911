/** jsdom lacks TextEncoder/TextDecoder, which react-router needs as it loads (a jest setupFile). */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
