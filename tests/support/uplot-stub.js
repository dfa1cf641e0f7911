/**
 * uPlot draws on a canvas, which jsdom has not: the UI tests get this stand-in, which keeps what
 * each chart was given (globalThis.uplotCharts) so a test can read the figures a chart shows.
 */
class UPlot {
  constructor(options, data, target) {
    this.options = options;
    this.data = data;
    this.target = target;
    this.destroyed = false;
    (globalThis.uplotCharts ??= []).push(this);
  }
  setSize() {}
  destroy() {
    this.destroyed = true;
  }
}
UPlot.paths = { bars: () => () => null };
UPlot.tzDate = (date) => date;
module.exports = UPlot;
module.exports.default = UPlot;
