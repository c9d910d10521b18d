import { z } from 'zod';

// Messages the schemas do not spell out themselves (wrong JSON shape, unexpected types) in French too.
z.config(z.locales.fr());
