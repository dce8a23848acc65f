import { useState } from 'react';

/**
 * A file chosen for upload, checked before anything is sent: `choose` keeps it when `problemOf`
 * finds nothing wrong, and otherwise keeps the message for the field; `clear` forgets both
 * (after the upload, or a cancel).
 */
export function useFileChoice(problemOf: (file: File) => string | null) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const clear = () => {
    setFile(null);
    setProblem(null);
  };
  const choose = (chosen: File | null) => {
    clear();
    if (!chosen) return;
    const found = problemOf(chosen);
    if (found) setProblem(found);
    else setFile(chosen);
  };
  return { file, problem, choose, clear };
}
