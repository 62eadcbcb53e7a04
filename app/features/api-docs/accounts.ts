import { body, fields, operation, type ApiArea, type Translate } from './schema.ts'

// The spec's option lists (000 §3), repeated here because importing the accounts' zod schemas would
// put zod into the /api page's JavaScript; openapi.test.ts checks that both lists agree.
export const DOCUMENTED_OPTIONS = {
  accountTitles: ['Dr.', 'Prof.', 'Assoc. Prof.', 'Asst. Prof.', 'Mr.', 'Mrs.', 'Ms.', 'Mx.'],
  registrationTitles: ['Dr.', 'Prof.', 'Mr.', 'Mrs.', 'Ms.', 'Mx.'],
  // The account page's fields, plus those only registration offers: a field chosen at sign-up stays valid.
  profileResearchFields: [
    'Biology', 'Chemistry', 'Computer Science', 'Economics', 'Engineering', 'Environmental Science', 'History', 'Linguistics',
    'Literature', 'Mathematics', 'Medicine', 'Philosophy', 'Physics', 'Political Science', 'Psychology', 'Sociology', 'Other',
    'Social Sciences', 'Humanities',
  ],
  registrationResearchFields: [
    'Computer Science', 'Biology', 'Chemistry', 'Physics', 'Mathematics', 'Engineering', 'Medicine', 'Psychology',
    'Social Sciences', 'Humanities', 'Environmental Science', 'Other',
  ],
} as const

function accountSchemas(t: Translate) {
  const f = fields(t)
  const message = (example: string) => body({ message: f.string('message', example) })
  const hex = f.string('hex', '#ffd966', { format: 'color' })
  const categoryId = f.integer('category_id', 1)
  const categoryName = f.string('category_name', 'Key finding')
  const idName = (example: string) => body({ id: f.integer('id', 1), name: f.string('name', example) })
  const profile = {
    title: f.string('title', 'Dr.', { nullable: true, enum: DOCUMENTED_OPTIONS.accountTitles }),
    firstName: f.string('firstName', 'Ada'),
    lastName: f.string('lastName', 'Lovelace'),
    organization: f.string('organization', 'University of Vienna', { nullable: true }),
    researchField: f.string('researchField', 'Computer Science', { nullable: true, enum: DOCUMENTED_OPTIONS.profileResearchFields }),
  }
  return {
    f,
    message,
    profile,
    // On the way in, organization is required (the account page's rule) and null is not a name.
    profileUpdate: { ...profile, organization: f.string('organization', 'University of Vienna') },
    savedPreferences: {
      defaultReferenceLanguageId: f.integer('defaultReferenceLanguageId', 1, { nullable: true }),
      preferredColorsCategorization: f.array('preferredColorsCategorization', body({ hex, category_id: categoryId, category_name: categoryName })),
    },
    preferencesUpdate: body(
      {
        defaultReferenceLanguageId: f.integer('defaultReferenceLanguageId', 1, { nullable: true }),
        preferredColorsCategorization: f.array(
          'preferredColorsCategorization',
          body({ hex, category_id: categoryId, category_name: categoryName }, ['hex', 'category_id']),
        ),
      },
      [],
    ),
    availableColorCategories: f.array('availableColorCategories', idName('Key finding')),
    availableReferenceLanguages: f.array('availableReferenceLanguages', idName('APA 7')),
  }
}

/** Sign-up, sign-in, password reset, the updates list, and a signed-in user's own account. */
export const accountsArea: ApiArea = {
  tag: 'accounts',
  paths: (t) => {
    const { f, message, profile, profileUpdate, savedPreferences, preferencesUpdate, availableColorCategories, availableReferenceLanguages } =
      accountSchemas(t)
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
              title: f.string('registrationTitle', 'Dr.', { enum: DOCUMENTED_OPTIONS.registrationTitles }),
              first_name: f.string('first_name', 'Ada'),
              last_name: f.string('last_name', 'Lovelace'),
              organization: f.string('organization', 'University of Vienna'),
              research_field: f.string('research_field', 'Computer Science', { enum: DOCUMENTED_OPTIONS.registrationResearchFields }),
            },
            ['email', 'password', 'invitation_code', 'first_name', 'last_name'],
          ),
          success: { status: 201, schema: message('Registration successful! Redirecting to login...') },
          errors: [400, 429],
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
          requestBody: body(profileUpdate, ['firstName', 'lastName', 'organization']),
          success: { status: 200, schema: message('Profile updated successfully!') },
          errors: [400, 401],
        }),
      },
      '/api/account/preferences': {
        get: operation(t, {
          id: 'getAccountPreferences',
          tag,
          auth: 'bearer',
          success: { status: 200, schema: body({ ...savedPreferences, availableColorCategories, availableReferenceLanguages }) },
          errors: [401],
        }),
        put: operation(t, {
          id: 'updateAccountPreferences',
          tag,
          auth: 'bearer',
          requestBody: preferencesUpdate,
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
