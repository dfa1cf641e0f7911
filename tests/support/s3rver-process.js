// s3rver in a process of its own (tests/support/s3-server.ts starts it): the test process's memory
// is then the store's alone, and the server's buffers never count against a streaming check.
const S3rver = require('s3rver');

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
server.run().then(
  ({ port }) => process.send({ port }),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('disconnect', () => process.exit(0));
