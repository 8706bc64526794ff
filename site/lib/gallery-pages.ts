/** Photos on a gallery page: 24 fill whole rows of 1, 2, 3 or 4 columns. */
export const GALLERY_PAGE_SIZE = 24;
