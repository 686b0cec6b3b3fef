// The part of picomatch (which ships no types) the plugin uses: project-root.js and file-globs.js.
declare module 'picomatch' {
  interface PicomatchOptions {
    dot?: boolean;
    nocase?: boolean;
  }
  interface Picomatch {
    (glob: string | string[], options?: PicomatchOptions): (test: string) => boolean;
    makeRe(glob: string, options?: PicomatchOptions): RegExp;
  }
  const picomatch: Picomatch;
  export default picomatch;
}
