import { isOutage } from '../../adapters/storage/s3-faults';

const answered = (status: number, name: string) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
const unanswered = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code, $metadata: { attempts: 2 } });

/** Which failures of an S3 service are outages (503 to the visitor) and which are its considered answer. */
describe('S3 outages', () => {
  it.each([
    ['a 500 InternalError', answered(500, 'InternalError')],
    ['a 503 SlowDown', answered(503, 'SlowDown')],
    ['a refused connection', unanswered('ECONNREFUSED')],
    ['a reset connection', unanswered('ECONNRESET')],
    ['a host not found', unanswered('ENOTFOUND')],
    ['a connection that timed out', Object.assign(new Error('timed out'), { name: 'TimeoutError' })],
    ['a network failure given as its cause', new Error('upload failed', { cause: unanswered('EPIPE') })],
    ['a failure wrapped as text by the SDK', new Error('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9')],
  ])('%s is an outage', (_name, error) => expect(isOutage(error)).toBe(true));

  it.each([
    ['a 403 SignatureDoesNotMatch', answered(403, 'SignatureDoesNotMatch')],
    ['a 404 NoSuchBucket', answered(404, 'NoSuchBucket')],
    ['a 400 EntityTooSmall', answered(400, 'EntityTooSmall')],
    ['an error of the store itself', new TypeError('Not a file key: "../x"')],
    ['no error at all', undefined],
  ])('%s is not', (_name, error) => expect(isOutage(error)).toBe(false));
});
