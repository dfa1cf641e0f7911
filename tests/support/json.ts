/**
 * JSON as the tests read it: an answer's body, a log line. A test reaches into it by path
 * (`body.order.lines[0].name`) and the assertion that reads a field is its check: a wrong path
 * fails that assertion. Typing every answer here would restate api/'s schemas in the tests.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one untyped value of the tests, see above
export type Json = any;
