// Contact: the public form's messages, read by the admin.
export { createContactRepository } from './contact-repository.js';
export { contactRoutes } from './contact-routes.js';
export { type ContactService, createContactService } from './contact-service.js';
