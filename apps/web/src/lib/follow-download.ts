/**
 * Lets the browser fetch a file by itself: a link with `download`, clicked once. The page stays
 * (an attachment, or `download`, never replaces it), the browser's own download shows at once and
 * streams to disk under the name the server gives; the address's ticket goes out as no Referer.
 */
export function followDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.referrerPolicy = 'no-referrer';
  document.body.append(link);
  link.click();
  link.remove();
}
