// pdf.js in jsdom: a document that never finishes opening (the UI tests check the page around it).
module.exports = {
  __esModule: true,
  default: '/assets/pdf.worker.stub.mjs',
  GlobalWorkerOptions: {},
  getDocument: () => ({ promise: new Promise(() => {}), destroy: () => Promise.resolve() }),
};
