// Offline support as the page sees it: registers the service worker (sw.js), reports when the
// whole site is cached, and asks it to cache the rest once the engine is ready.
// The page imports `startOffline` and `precacheAll`; everything about the service worker lives here.

// Register the service worker and, on a first visit, wait briefly for it to take control so the
// engine's downloads are cached once. `onOffline()` is called when every file of the build is cached.
export async function startOffline({ onOffline = () => {} } = {}) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "precached" && event.data.complete) onOffline();
  });
  try {
    await navigator.serviceWorker.register("sw.js");
  } catch (err) {
    return;
  }
  if (navigator.serviceWorker.controller) return;
  await Promise.race([
    new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true })),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
}

// Ask the controlling service worker to cache every file not cached yet (after the engine is ready).
export function precacheAll() {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    setTimeout(() => navigator.serviceWorker.controller.postMessage({ type: "precache-all" }), 1500);
  }
}
