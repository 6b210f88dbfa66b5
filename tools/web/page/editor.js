// The rule editor: CodeMirror 5 (Debian's libjs-codemirror, built into the page) with line
// numbers, the rule language's colours and the checker's diagnostics marked in the text. app.js
// talks to it through ruleEditor()'s few functions only. CodeMirror's scripts (400 KB) and style
// are loaded once the board is drawn, so that they never delay it; the plain textarea serves
// until then, and for good should they not load.
"use strict";

const EDITOR_STYLE = "lib/codemirror/lib/codemirror.css";
const EDITOR_SCRIPTS = ["lib/codemirror/lib/codemirror.js", "lib/codemirror/addon/mode/simple.js",
                        "lib/codemirror/addon/display/placeholder.js", "keywords.js"];

// Loads CodeMirror's style sheet (the page's own rules for the editor name #editor-pane, so they
// win over it whatever the order).
function loadStyle(href) {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = resolve;
    link.onerror = () => reject(new Error(`${href} did not load`));
    document.head.appendChild(link);
  });
}

// Loads `sources` one after the other.
function loadScripts(sources) {
  return sources.reduce((loaded, src) => loaded.then(() => new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.appendChild(script);
  })), Promise.resolve());
}

// The editor app.js is given: the plain textarea's functions at first, CodeMirror's after
// upgrade(), with the same text, listeners and marks.
function ruleEditor(textarea) {
  let editor = plainEditor(textarea);
  const listeners = [];
  let marked = [];
  return {
    value: () => editor.value(),
    replace: (text) => editor.replace(text),
    restore: (text) => editor.restore(text),
    onChange(listener) { listeners.push(listener); editor.onChange(listener); },
    mark(diagnostics) { marked = diagnostics; editor.mark(diagnostics); },
    goTo: (line, column) => editor.goTo(line, column),
    async upgrade() {
      try {
        await Promise.all([loadStyle(EDITOR_STYLE), loadScripts(EDITOR_SCRIPTS)]);
      } catch (e) { return; }  // the textarea stays
      if (typeof CodeMirror === "undefined") return;
      // Not under the fingers of someone typing: when they leave the textarea.
      if (document.activeElement === textarea) {
        await new Promise((resolve) => textarea.addEventListener("blur", resolve, { once: true }));
      }
      defineRuleLanguage();
      editor = codeMirrorEditor(textarea);
      for (const listener of listeners) editor.onChange(listener);
      editor.mark(marked);
    },
  };
}

// The rule language's colours (dsl/LANGUAGE.md, Tokens). The keywords come from keywords.js,
// which the build writes from dsl/keywords.hpp; a longer name that begins with one
// (`right-edge`) is a name, hence the look-ahead.
function defineRuleLanguage() {
  const words = (typeof VARI_KEYWORDS === "undefined" ? [] : [...VARI_KEYWORDS])
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[-]/g, "\\-"));
  const keyword = new RegExp(`(?:${words.join("|") || "(?!)"})(?![\\w-])`);
  CodeMirror.defineSimpleMode("vari", {
    start: [
      { regex: /#.*/, token: "comment" },
      { regex: /"""/, token: "string-2", next: "code" },     // a Lua hook's code
      { regex: /"[^"]*"?/, token: "string" },
      // A cell: letters then digits (e4, i10) or digits then letters (6f, 11a).
      { regex: /(?:[a-z]{1,3}\d{1,3}|\d{1,3}[a-z]{1,3})(?![\w-])/, token: "atom" },
      { regex: /-?\d+(?![\w-])/, token: "number" },
      { regex: keyword, token: "keyword" },
      { regex: /[A-Z][\w-]*/, token: "def" },                // pieces and players
      { regex: /[a-z_][\w-]*/, token: "variable" },          // directions, zones, ...
      { regex: /[{}()]/, token: "bracket" },
      { regex: /\.\.|[=*,]/, token: "operator" },
    ],
    code: [
      { regex: /.*?"""/, token: "string-2", next: "start" },
      { regex: /.*/, token: "string-2" },
    ],
    meta: { lineComment: "#" },
  });
}

// Makes `textarea` a CodeMirror rule editor. Tab indents by two spaces (Shift-Tab takes them
// back); Esc then Tab (or Shift-Tab) leaves the editor, so the keyboard is never trapped in it.
function codeMirrorEditor(textarea) {
  let leaving = false;  // Esc was the last key
  const indent = (more) => (cm) => {
    if (more && !cm.somethingSelected()) cm.replaceSelection("  ");
    else cm.indentSelection(more ? "add" : "subtract");
  };
  const cm = CodeMirror.fromTextArea(textarea, {
    mode: "vari", lineNumbers: true, indentUnit: 2, tabSize: 2,
    screenReaderLabel: "Rule file",
    gutters: ["vari-marks", "CodeMirror-linenumbers"],
    extraKeys: { Tab: indent(true), "Shift-Tab": indent(false) },
  });
  cm.on("keydown", (_, e) => {
    if (e.key === "Tab" && leaving) e.codemirrorIgnore = true;  // the browser's: the next field
    else if (e.key !== "Shift") leaving = e.key === "Escape";
  });
  cm.on("blur", () => { leaving = false; });
  // Long lines scroll inside the editor, but wrap on a phone (style.css's narrow layout).
  const narrow = matchMedia("(max-width: 700px)");
  const wrap = () => cm.setOption("lineWrapping", narrow.matches);
  wrap();
  narrow.addEventListener("change", wrap);

  let quiet = false;  // the text is being set by restore(): no change to tell
  let marks = [];

  return {
    value: () => cm.getValue(),
    // Replaces the whole text as one change, which undo takes back.
    replace: (text) => cm.setValue(text),
    // Puts back the text kept from an earlier visit, without telling onChange's listener.
    restore(text) {
      quiet = true;
      try { cm.setValue(text); } finally { quiet = false; }
      cm.clearHistory();
    },
    onChange: (listener) => cm.on("changes", () => { if (!quiet) listener(); }),

    // Marks each diagnostic { line, column, severity, message, hint } in the text: the word it
    // points at is underlined, and a dot in the gutter; both tell the message on hover.
    mark(diagnostics) {
      cm.operation(() => {
        for (const m of marks) m.clear();
        marks = [];
        cm.clearGutter("vari-marks");
        const byLine = new Map();
        for (const d of diagnostics) {
          const line = Math.min(Math.max(d.line - 1, 0), cm.lastLine());
          const kind = d.severity;
          const text = `${kind}: ${d.message}` + (d.hint ? `\nhint: ${d.hint}` : "");
          const { from, to } = wordAt(line, d.column - 1);
          if (from.ch < to.ch) {
            marks.push(cm.markText(from, to, { className: `vari-${kind}`,
                                               attributes: { title: text } }));
          }
          const seen = byLine.get(line) || { error: false, texts: [] };
          seen.error = seen.error || d.severity === "error";
          seen.texts.push(text);
          byLine.set(line, seen);
        }
        for (const [line, seen] of byLine) {
          const dot = document.createElement("div");
          dot.className = `vari-mark ${seen.error ? "error" : "warning"}`;
          dot.textContent = "●";
          dot.title = seen.texts.join("\n");
          cm.setGutterMarker(line, "vari-marks", dot);
        }
      });
    },

    // Puts the cursor at line:column (both from 1), in view.
    goTo(line, column) {
      cm.focus();
      cm.setCursor({ line: line - 1, ch: Math.max(0, column - 1) });
      cm.scrollIntoView(null, 60);
    },
  };

  // The name or number at `ch` of `line`; the one character there when it is neither; the
  // line's last character when `ch` is past its end.
  function wordAt(line, ch) {
    const text = cm.getLine(line);
    let start = Math.min(Math.max(ch, 0), Math.max(text.length - 1, 0));
    let end = start;
    while (end < text.length && /[\w-]/.test(text[end])) end++;
    if (end === start) end = Math.min(start + 1, text.length);
    return { from: { line, ch: start }, to: { line, ch: end } };
  }
}

// The same functions over the plain textarea, until CodeMirror has loaded (or should it not): the
// text is still checked, kept and saved, and the list's diagnostics still lead to their place.
function plainEditor(textarea) {
  return {
    value: () => textarea.value,
    replace(text) {
      textarea.value = text;
      textarea.dispatchEvent(new Event("input"));
    },
    restore(text) { textarea.value = text; },
    onChange: (listener) => textarea.addEventListener("input", listener),
    mark() {},
    goTo(line, column) {
      const lines = textarea.value.split("\n");
      let at = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
      at += Math.max(0, column - 1);
      textarea.focus();
      textarea.setSelectionRange(at, at + 1);
    },
  };
}
