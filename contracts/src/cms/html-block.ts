/** The message an HTML block's frame posts with its height. */
export const HTML_BLOCK_HEIGHT_MESSAGE = 'html-block-height';
/** The message the page sends the frame when it has loaded, asking for its height again. */
export const HTML_BLOCK_MEASURE_MESSAGE = 'html-block-measure';

/**
 * The one script an HTML block's frame runs: it reports its content's height to the page, so
 * the frame fits its content, when it loads, when it resizes and when the page asks. It
 * measures the body, not the document: a document is never shorter than its frame, so a frame
 * sized by it could grow but never shrink. (The page styles the body as a block formatting
 * context, so the content's margins count in its height.) The frame is a srcdoc document and
 * inherits the site's Content-Security-Policy; the server allows exactly this script there by
 * its SHA-256 hash, so the block's own scripts stay blocked. Both sides read it from here, so
 * the hash always matches.
 */
export const HTML_BLOCK_RESIZE_SCRIPT =
  `(function(){var b=document.body;function post(){parent.postMessage({type:'${HTML_BLOCK_HEIGHT_MESSAGE}',height:Math.max(Math.ceil(b.getBoundingClientRect().height),b.scrollHeight)},'*');}` +
  `addEventListener('load',post);addEventListener('message',function(e){if(e.source===parent&&e.data&&e.data.type==='${HTML_BLOCK_MEASURE_MESSAGE}')post();});` +
  `new ResizeObserver(post).observe(b);})();`;
