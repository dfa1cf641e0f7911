/**
 * Where a line of text goes on a page as the reader sees it. A page's crop box is what a viewer
 * shows, and its /Rotate turns it clockwise for display, so a margin "at the bottom" is a different
 * edge of the page's own coordinates for each rotation: this turns "so far up from the bottom as
 * shown, so far from the left as shown, reading left to right" into a text matrix.
 */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The six numbers of a PDF text matrix (Tm): rotation, then the line's start in page coordinates. */
export type TextMatrix = readonly [number, number, number, number, number, number];

/** A rotation as PDF allows it (any multiple of 90, negative too) turned into 0, 90, 180 or 270. */
export const quarterTurns = (degrees: number): 0 | 90 | 180 | 270 => {
  const turned = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return turned as 0 | 90 | 180 | 270;
};

/** The crop box's part inside the media box: a viewer never shows more than the media box. */
export const visibleBox = (crop: Box, media: Box): Box => {
  const x = Math.max(crop.x, media.x);
  const y = Math.max(crop.y, media.y);
  const right = Math.min(crop.x + crop.width, media.x + media.width);
  const top = Math.min(crop.y + crop.height, media.y + media.height);
  return right > x && top > y ? { x, y, width: right - x, height: top - y } : media;
};

/** The page's width and height as the reader sees them. */
export const shownSize = (box: Box, rotation: 0 | 90 | 180 | 270): { width: number; height: number } =>
  rotation === 90 || rotation === 270 ? { width: box.height, height: box.width } : { width: box.width, height: box.height };

/**
 * The text matrix that starts a left-to-right line `left` from the shown left edge and `up` from the
 * shown bottom edge of `box`, on a page displayed turned by `rotation`.
 */
export const lineAt = (box: Box, rotation: 0 | 90 | 180 | 270, left: number, up: number): TextMatrix => {
  const { x, y, width, height } = box;
  switch (rotation) {
    case 0:
      return [1, 0, 0, 1, x + left, y + up];
    // Shown turned a quarter clockwise: the shown bottom is the page's right edge, the line runs up.
    case 90:
      return [0, 1, -1, 0, x + width - up, y + left];
    case 180:
      return [-1, 0, 0, -1, x + width - left, y + height - up];
    // Turned three quarters: the shown bottom is the page's left edge, the line runs down.
    case 270:
      return [0, -1, 1, 0, x + up, y + height - left];
  }
};
