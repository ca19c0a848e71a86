"""How the browser tests and bench/browser.py start Debian's Chromium (never `playwright install`)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

# Chromium 156's headless mode gives every window (every browser context) two hidden omnibox
# popups, chrome://omnibox-popup.top-chrome/ and its AI-mode twin, whose renderers each burned about
# half a core while the context lived: about a third of the browser tests' CPU (figures in
# the commit). Chromium keeps only the last --disable-features, so this one repeats the features
# Playwright disables itself (playwright 1.65, chromiumSwitches.ts) before adding those two.
DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "WebUIOmniboxPopup", "WebUIOmniboxAimPopup",
)

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run",
               "--disable-features=" + ",".join(DISABLED_FEATURES)]
