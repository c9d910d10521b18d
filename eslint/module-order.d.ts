/** The server modules from the bottom up (see module-order.js). */
export declare const serverModuleOrder: string[];
