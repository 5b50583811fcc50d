// Starts the app once the prerendered page has painted its content (scripts/build.mjs): on a fast link the
// entry module otherwise arrives, compiles and runs before the browser draws the page it already has. A page
// that never paints (a tab opened in the background) starts after a second all the same.
const entry = document.currentScript?.dataset.entry;
let started = !entry;
const start = () => {
  if (started) return;
  started = true;
  import(entry);
};
try {
  new PerformanceObserver((paints, observer) => {
    if (!paints.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
} catch {
  start();
}
setTimeout(start, 1000);
