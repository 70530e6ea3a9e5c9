// The static site's one JupyterLab plugin of its own (tools/site.py puts it in the site as the
// federated extension "damlib-site-saving", written by hand: it needs no JupyterLab module, so no
// build). As a lesson is saved, each damlib board in it is saved as a picture of how it was left,
// with its text alternative and a note to run the cell again, in place of its widget, as the
// Jupyter server's pre-save hook does on a full install (damlib/widgets/saved.py). Without it a
// lesson saved in the site came back showing "Loading widget..." where each board had been: the
// site's page has no server, and its kernel, started again, has no board to show.
var _JUPYTERLAB = (window._JUPYTERLAB = window._JUPYTERLAB || {});
(() => {
  const VIEW = "application/vnd.jupyter.widget-view+json";

  const escaped = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const base64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

  // The output ``output`` as saved, given the page's element that shows it: a damlib widget's
  // boards (board.js gives each board's picture) as pictures side by side and the note; any
  // other output as it is.
  function saved(output, node) {
    if (!output || !output.data || !(VIEW in output.data) || !node) return output;
    const boards = [...node.querySelectorAll(".damlib-board-host")].filter((host) => host.damlibPicture);
    if (!boards.length) return output;
    const pictures = boards.map((host) => host.damlibPicture());
    const images = pictures.map(({ svg, alt }) =>
      `<img src="data:image/svg+xml;base64,${base64(svg)}" alt="${escaped(alt)}" width="360" height="360">`);
    const note = pictures[0].note;
    return { ...output, data: { "text/html": `<div class="damlib-saved">${images.join(" ")}<p>${escaped(note)}</p></div>`,
                                "text/plain": note } };
  }

  // The notebook ``content`` (nbformat JSON) with its boards saved as pictures, read off ``panel``,
  // the notebook open in the page whose cells and outputs it holds, in the same order.
  function withPictures(content, panel) {
    const cells = panel.content.widgets;
    if (!Array.isArray(content.cells) || cells.length !== content.cells.length) return content;
    content.cells.forEach((cell, n) => {
      const area = cells[n].outputArea;
      if (cell.cell_type !== "code" || !area || area.widgets.length !== (cell.outputs || []).length) return;
      cell.outputs = cell.outputs.map((output, m) => saved(output, area.widgets[m].node));
    });
    return content;
  }

  const plugin = {
    id: "damlib-site-saving:boards-as-pictures",
    autoStart: true,
    activate: (app) => {
      const contents = app.serviceManager.contents;
      const save = contents.save.bind(contents);
      contents.save = (path, options) => {
        if (options && options.type === "notebook" && options.content) {
          const panel = [...app.shell.widgets("main")].find((w) => w.context && w.context.path === path && w.content);
          if (panel) {
            try {
              options = { ...options, content: withPictures(structuredClone(options.content), panel) };
            } catch (error) { // a lesson is saved as it is rather than not at all
              console.error("damlib: the boards are saved as widgets", error);
            }
          }
        }
        return save(path, options);
      };
    },
  };

  const module = { __esModule: true, default: [plugin] };
  _JUPYTERLAB["damlib-site-saving"] = {
    init: () => Promise.resolve(),
    get: () => Promise.resolve(() => module),
  };
})();
