/** Shown while a route's code chunk downloads: a CSS spinner, so it costs no JavaScript. */
export function ScreenFallback() {
  return (
    <div className="screen-fallback" role="status" aria-label="Loading">
      <span className="css-spinner" />
    </div>
  );
}
