// Runs before the first paint so the page never flashes the wrong theme. The key matches
// src/web/features/shell/theme.ts: a stored choice wins, else the system preference.
(function () {
  try {
    var stored = localStorage.getItem('tintbook:theme');
    var dark = stored ? stored === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) document.documentElement.classList.add('dark');
  } catch {
    // storage blocked: the light theme it is
  }
})();
