// Development, the shell's page: React Refresh's stand-in for the DevTools hook does not record the React
// renderer, so a remote's refresh runtime (injected after ReactDOM started) could not find it and an edit
// in a remote did not re-render. This records each renderer, as the real DevTools hook does.
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (hook && hook.renderers && typeof hook.inject === 'function' && !hook.dosarRecordsRenderers) {
  const inject = hook.inject;
  hook.inject = function recordRenderer(renderer) {
    const id = inject.call(this, renderer);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
  hook.dosarRecordsRenderers = true;
}
