/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Id of this build, written to `builds/latest.json` by the build-manifest plugin. */
  readonly VITE_BUILD_ID: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
