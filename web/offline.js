// Offline support as the page sees it: registers the service worker (sw.js), reports when the
// whole site is cached, asks it to cache the rest once the engine is ready, and offers an update.
// The page imports `startOffline` and `precacheAll`; everything about the service worker lives here.
//
// Updates switch completely: a new build's service worker installs beside the running one and
// waits; a banner says an update is ready, and its Reload button activates the new build. When the
// controlling service worker changes under a page that was already controlled (this page's
// Reload, or another tab's), the page reloads, so it never runs on files of two builds. The
// puzzle being edited survives (the page keeps it in localStorage).

let banner = null;
let reloading = false;                // a switch to the new build is under way

// Register the service worker and, on a first visit, wait briefly for it to take control so the
// engine's downloads are cached once. `onOffline()` is called when every file of the build is
// cached; `onUpdate(activate)`, if given, replaces the built-in banner (call `activate()` to switch).
export async function startOffline({ onOffline = () => {}, onUpdate = null } = {}) {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  let controlled = !!sw.controller;
  sw.addEventListener("controllerchange", () => {
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    }
    controlled = true;
  });
  sw.addEventListener("message", (event) => {
    if (event.data && event.data.type === "precached" && event.data.complete) onOffline();
  });
  const registered = sw.register("sw.js").then((registration) => {
    // some embedders resolve register() without a registration
    if (registration) watchForUpdates(registration, onUpdate || showBanner);
    return registration;
  });
  // Already controlled (a later visit): the engine need not wait for the registration.
  if (sw.controller) {
    registered.catch(() => {});
    return;
  }
  let registration;
  try {
    registration = await registered;
  } catch (err) {
    return;
  }
  if (!registration) return;
  await Promise.race([
    new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true })),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
}

// Ask the controlling service worker to cache every file not cached yet (after the engine is ready),
// once nothing has been waiting for an answer for a moment (`busy()`): the optional packages
// never compete with the first answer.
export function precacheAll(busy = () => false) {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
  const ask = () => {
    if (busy()) setTimeout(ask, 1500);
    else if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({ type: "precache-all" });
  };
  setTimeout(ask, 1500);
}

function watchForUpdates(registration, announce) {
  const offer = (worker) => {
    // Only an update waits: a first install takes control by itself.
    if (!navigator.serviceWorker.controller) return;
    announce(() => activate(worker));
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  // A page left open for long still hears of new builds.
  setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
}

// Switch to the waiting build. Its activation claims this page (controllerchange reloads it); a
// page it did not claim reloads once the worker is active, and one whose worker was replaced or
// already activated by another tab reloads at once. Nothing reloads on a timer: under load the
// activation (which deletes the old build's cache, the saved state included) can take seconds,
// and a reload before it would still be served the old build.
function activate(worker) {
  const reload = () => { if (!reloading) { reloading = true; window.location.reload(); } };
  if (worker.state !== "installed") {
    reload();
    return;
  }
  worker.addEventListener("statechange", () => {
    if (worker.state === "activated" || worker.state === "redundant") reload();
  });
  worker.postMessage({ type: "skip-waiting" });
}

// A small bar at the foot of the window: "A new version of gridlogic is ready. [Reload]".
function showBanner(activate) {
  if (banner) {
    banner.activate = activate;
    return;
  }
  banner = document.createElement("div");
  banner.activate = activate;
  banner.dataset.testid = "update";
  banner.setAttribute("role", "status");
  Object.assign(banner.style, {
    position: "fixed", left: "50%", bottom: "1rem", transform: "translateX(-50%)", zIndex: "1000",
    display: "flex", gap: "0.75rem", alignItems: "center", padding: "0.5rem 0.75rem",
    background: "#254ea0", color: "#fff", borderRadius: "0.4rem", boxShadow: "0 2px 8px rgba(0,0,0,.3)",
    font: "inherit",
  });
  const text = document.createElement("span");
  text.textContent = "A new version of gridlogic is ready.";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload";
  button.dataset.testid = "update-reload";
  button.addEventListener("click", () => {
    button.disabled = true;
    banner.activate();
  });
  banner.append(text, button);
  document.body.append(banner);
}
