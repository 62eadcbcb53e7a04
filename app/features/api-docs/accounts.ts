import { body, fields, operation, type ApiArea, type Translate } from './schema.ts'

function accountSchemas(t: Translate) {
  const f = fields(t)
  const message = (example: string) => body({ message: f.string('message', example) })
  const hex = f.string('hex', '#ffd966', { format: 'color' })
  const colourChoice = body({ hex, category_id: f.integer('category_id', 1), category_name: f.string('category_name', 'Key finding') })
  const idName = (example: string) => body({ id: f.integer('id', 1), name: f.string('name', example) })
  return {
    f,
    message,
    profile: {
      title: f.string('title', 'Dr.'),
      firstName: f.string('firstName', 'Ada'),
      lastName: f.string('lastName', 'Lovelace'),
      organization: f.string('organization', 'University of Vienna'),
      researchField: f.string('researchField', 'Computer Science'),
    },
    preferences: {
      defaultReferenceLanguageId: f.integer('defaultReferenceLanguageId', 1, { nullable: true }),
      preferredColorsCategorization: f.array('preferredColorsCategorization', colourChoice),
    },
    availableColorCategories: f.array('availableColorCategories', idName('Key finding')),
    availableReferenceLanguages: f.array('availableReferenceLanguages', idName('APA 7')),
  }
}

/** Sign-up, sign-in, password reset, the updates list, and a signed-in user's own account. */
export const accountsArea: ApiArea = {
  tag: 'accounts',
  paths: (t) => {
    const { f, message, profile, preferences, availableColorCategories, availableReferenceLanguages } = accountSchemas(t)
    const tag = 'accounts'
    return {
      '/api/subscribe-updates': {
        post: operation(t, {
          id: 'subscribeUpdates',
          tag,
          auth: 'none',
          requestBody: body({
            firstName: f.string('firstName', 'Ada'),
            email: f.string('email', 'ada@example.org', { format: 'email' }),
            marketingConsent: f.boolean('marketingConsent', true),
          }),
          success: { status: 201, schema: message("Thank you for subscribing! We'll keep you updated on our latest developments.") },
          errors: [400, 429],
        }),
      },
      '/api/register': {
        post: operation(t, {
          id: 'register',
          tag,
          auth: 'none',
          requestBody: body(
            {
              email: f.string('email', 'ada@example.org', { format: 'email' }),
              password: f.string('password', 'Analytical!Engine1843'),
              invitation_code: f.string('invitation_code', 'K7Q2-M9XD-4HTR'),
              title: f.string('title', 'Dr.'),
              first_name: f.string('first_name', 'Ada'),
              last_name: f.string('last_name', 'Lovelace'),
              organization: f.string('organization', 'University of Vienna'),
              research_field: f.string('research_field', 'Computer Science'),
            },
            ['email', 'password', 'invitation_code', 'first_name', 'last_name'],
          ),
          success: { status: 201, schema: message('Registration successful! Redirecting to login...') },
          errors: [400, 409, 429],
        }),
      },
      '/api/login': {
        post: operation(t, {
          id: 'login',
          tag,
          auth: 'none',
          requestBody: body({
            email: f.string('email', 'ada@example.org', { format: 'email' }),
            password: f.string('password', 'Analytical!Engine1843'),
          }),
          success: {
            status: 200,
            schema: body({
              token: f.string('token', 'mrg_3q9V6kXo1d0tZ2pRw8yH4uLc'),
              user_id: f.string('user_id', '0b5f8a7e-2d1c-4e8b-9a3f-6c7d8e9f0a1b', { format: 'uuid' }),
            }),
          },
          errors: [400, 401, 429],
        }),
      },
      '/api/request-password-reset': {
        post: operation(t, {
          id: 'requestPasswordReset',
          tag,
          auth: 'none',
          requestBody: body({ email: f.string('email', 'ada@example.org', { format: 'email' }) }),
          success: { status: 200, schema: message('If an account with that email exists, a password reset link has been sent.') },
          errors: [400, 429],
        }),
      },
      '/api/reset-password': {
        post: operation(t, {
          id: 'resetPassword',
          tag,
          auth: 'none',
          requestBody: body({
            token: f.string('resetToken', 'c2Vjb25kLXJlc2V0LXRva2VuLWV4YW1wbGU'),
            newPassword: f.string('newPassword', 'Difference!Engine1822'),
            confirmPassword: f.string('confirmPassword', 'Difference!Engine1822'),
          }),
          success: { status: 200, schema: message('Your password has been reset successfully!') },
          errors: [400],
        }),
      },
      '/api/account/details': {
        get: operation(t, {
          id: 'getAccountDetails',
          tag,
          auth: 'bearer',
          success: {
            status: 200,
            schema: body({
              ...profile,
              email: f.string('accountEmail', 'ada@example.org', { format: 'email' }),
              isAdmin: f.boolean('isAdmin', false),
            }),
          },
          errors: [401],
        }),
        put: operation(t, {
          id: 'updateAccountDetails',
          tag,
          auth: 'bearer',
          requestBody: body(profile, ['firstName', 'lastName', 'organization']),
          success: { status: 200, schema: message('Profile updated successfully!') },
          errors: [400, 401],
        }),
      },
      '/api/account/preferences': {
        get: operation(t, {
          id: 'getAccountPreferences',
          tag,
          auth: 'bearer',
          success: { status: 200, schema: body({ ...preferences, availableColorCategories, availableReferenceLanguages }) },
          errors: [401],
        }),
        put: operation(t, {
          id: 'updateAccountPreferences',
          tag,
          auth: 'bearer',
          requestBody: body(preferences),
          success: { status: 200, schema: message('Preferences updated successfully!') },
          errors: [400, 401],
        }),
      },
      '/api/account/password': {
        put: operation(t, {
          id: 'changePassword',
          tag,
          auth: 'bearer',
          requestBody: body({
            oldPassword: f.string('oldPassword', 'Analytical!Engine1843'),
            newPassword: f.string('newPassword', 'Difference!Engine1822'),
            confirmNewPassword: f.string('confirmNewPassword', 'Difference!Engine1822'),
          }),
          success: { status: 200, schema: message('Password updated successfully!') },
          errors: [400, 401],
        }),
      },
    }
  },
}
