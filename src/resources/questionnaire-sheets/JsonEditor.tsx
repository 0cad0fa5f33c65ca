import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { Box } from '@mui/material';
import { basicSetup, EditorView } from 'codemirror';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { TextRange } from './jsonText';

export interface JsonEditorHandle {
  /** Selects a range and scrolls it into view (a click on a problem in the list). */
  reveal: (range: TextRange) => void;
}

interface JsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  /** Lint marks for `diagnosticsFor`; applied only while the text is still the one they were computed for. */
  diagnostics: Diagnostic[];
  diagnosticsFor: string | null;
  label: string;
  testId: string;
}

/** Marks changes that come from the page (a reload), so they are not reported back as typing. */
const external = Annotation.define<boolean>();

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: '"JetBrains Mono", "Fira Code", Consolas, Menlo, monospace', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: '#f7f8fa', borderRight: '1px solid #e0e4ea' },
  '&.cm-focused': { outline: 'none' },
});

/**
 * A CodeMirror 6 editor for one JSON document: syntax colours, folding, search, undo and the lint gutter. The page
 * owns the text and the diagnostics; this component only mirrors them. Loaded lazily with the edit page.
 */
const JsonEditor = forwardRef<JsonEditorHandle, JsonEditorProps>(function JsonEditor({ value, onChange, readOnly, diagnostics, diagnosticsFor, label, testId }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  useEffect(() => {
    const editorView = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          lintGutter(),
          EditorView.lineWrapping,
          editorTheme,
          // tabindex: the editable content is the scroll region's focusable part for assistive technology (axe scrollable-region-focusable).
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((transaction) => transaction.annotation(external))) {
              latestOnChange.current(update.state.doc.toString());
            }
          }),
        ],
      }),
    });
    view.current = editorView;
    return () => {
      editorView.destroy();
      view.current = null;
    };
    // The view is made once; value, readOnly and diagnostics reach it through the effects below.
  }, []);

  useEffect(() => {
    const editorView = view.current;
    if (!editorView || editorView.state.doc.toString() === value) return;
    editorView.dispatch({ changes: { from: 0, to: editorView.state.doc.length, insert: value }, annotations: external.of(true) });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]) });
  }, [readOnly]);

  useEffect(() => {
    const editorView = view.current;
    if (!editorView) return;
    const current = editorView.state.doc.toString();
    // Marks computed for an older text would point at the wrong characters.
    const marks = diagnosticsFor === current ? diagnostics.filter((mark) => mark.to <= current.length) : [];
    editorView.dispatch(setDiagnostics(editorView.state, marks));
  }, [diagnostics, diagnosticsFor]);

  useImperativeHandle(ref, () => ({
    reveal: ({ from, to }) => {
      const editorView = view.current;
      if (!editorView) return;
      const end = Math.min(to, editorView.state.doc.length);
      editorView.dispatch({ selection: { anchor: Math.min(from, end), head: end }, effects: EditorView.scrollIntoView(from, { y: 'center' }) });
      editorView.focus();
    },
  }));

  return <Box ref={host} data-testid={testId} sx={{ height: '100%', '& .cm-editor': { height: '100%' } }} />;
});

export default JsonEditor;
