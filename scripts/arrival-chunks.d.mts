export const ANALYSIS_PASS: string;

interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

interface ArrivalGroup {
  name: string;
  priority: number;
  includeDependenciesRecursively: boolean;
  test: (id: string) => boolean;
}

export function arrivalGroups(chunks: BuiltChunk[]): ArrivalGroup[];
export function arrivalChunkGroups(configFile: string): Promise<ArrivalGroup[]>;
