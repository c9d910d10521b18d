/** The problems the project's ESLint configuration finds in `code` linted as the file at `filePath` (see lint-in-memory.js). */
export declare function lintProblems(filePath: string, code: string): Promise<{ rule: string | null; message: string }[]>;
