export const serverOut: string;
export const serverEntry: string;
export function buildServer(options?: { outdir?: string }): Promise<void>;
