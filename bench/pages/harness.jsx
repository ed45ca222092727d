// Mounts one library's control under React state and exposes window.bench for render.mjs.
// Every change is a controlled re-render through React state, committed with flushSync, then a
// forced layout (offsetHeight) so style and layout work (CSS-in-JS included) is counted too.
// Changes are timed one by one and the page yields between them, as between a user's clicks
// (back-to-back flushSync calls would trip React's nested-update guard on controls that cascade).
import { Profiler, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

export function install({ Control, Wrapper = ({ children }) => children }) {
  let setState;
  let commits = 0;
  const errors = [];
  const channel = new MessageChannel();
  const yieldToBrowser = () =>
    new Promise((resolve) => {
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(0);
    });
  const throwIfErrored = () => {
    if (errors.length) throw new Error(errors.splice(0).join('; ').slice(0, 300));
  };
  const onRender = () => {
    commits += 1;
  };

  function Stateful({ total, initialPage }) {
    const [state, set] = useState({ page: initialPage, pageSize: 20 });
    setState = set;
    const onChange = (page, pageSize) => set({ page, pageSize: pageSize ?? state.pageSize });
    return (
      <Profiler id="control" onRender={onRender}>
        <Control total={total} page={state.page} pageSize={state.pageSize} onChange={onChange} />
      </Profiler>
    );
  }

  function mount(total, initialPage) {
    const el = document.createElement('div');
    document.body.append(el);
    const root = createRoot(el, {
      onUncaughtError: (e) => errors.push(String(e)),
      onCaughtError: (e) => errors.push(String(e)),
    });
    flushSync(() =>
      root.render(
        <Wrapper>
          <Stateful total={total} initialPage={initialPage} />
        </Wrapper>,
      ),
    );
    void el.offsetHeight;
    return {
      el,
      dispose() {
        root.unmount();
        el.remove();
      },
    };
  }

  /** One controlled change, committed and laid out; returns its duration in ms. */
  const change = async (el, updater) => {
    await yieldToBrowser();
    const t = performance.now();
    flushSync(() => setState(updater));
    void el.offsetHeight;
    return performance.now() - t;
  };
  const resize = (size) => (s) => ({ page: Math.floor(((s.page - 1) * s.pageSize) / size) + 1, pageSize: size });

  window.bench = {
    /** One timed run: mount, each page change, the page-size changes. Milliseconds. */
    async run({ total, pages, sizes }) {
      await yieldToBrowser();
      const t0 = performance.now();
      const { el, dispose } = mount(total, 1);
      const mounted = performance.now() - t0;
      const pageTimes = [];
      for (const page of pages) pageTimes.push(await change(el, (s) => ({ ...s, page })));
      let sizeTime = 0;
      for (const size of sizes) sizeTime += await change(el, resize(size));
      dispose();
      throwIfErrored();
      return { mount: mounted, pageTimes, sizes: sizeTime };
    },
    /** Mounts on the last page of `total` items and returns the digits the control shows. */
    check({ total, lastPage }) {
      try {
        const { el, dispose } = mount(total, lastPage);
        const text = el.textContent ?? '';
        dispose();
        throwIfErrored();
        return { ok: true, text };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    },
    /** React commits per page change, counted by <Profiler onRender> (profiling build), effects flushed. */
    async commits({ total, pages }) {
      const { el, dispose } = mount(total, 1);
      await new Promise((r) => setTimeout(r, 0));
      commits = 0;
      for (const page of pages) await change(el, (s) => ({ ...s, page }));
      await new Promise((r) => setTimeout(r, 0));
      const perChange = commits / pages.length;
      dispose();
      return perChange;
    },
  };
}
