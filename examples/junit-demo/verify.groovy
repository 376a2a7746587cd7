// Checks the two builds of invoker.properties: what a user sees in surefire's reports.
def target = new File(basedir, 'target')
def saved = new File(basedir, 'src/test/resources/weft/com.acme.bank.AccountTest/concurrentDeposits')
def files = saved.listFiles()?.findAll { it.name ==~ /assertion-[0-9a-f]{8}\.weft/ } ?: []
assert files.size() == 1 : "one finding saved under ${saved}, found ${saved.list()}"
def file = files[0]

def search = new File(target, 'surefire-reports/com.acme.bank.AccountTest.txt').text
// the failure is the finding's report: kind, message, the interleaving with the program's names
assert search.contains('Weft found assertion in com.acme.bank.AccountTest#concurrentDeposits')
// @BeforeEach opened the account with 100 inside the controlled run: one deposit was lost
assert search =~ /expected: <130> but was: <1[12]0>/
assert search =~ /step +main +alice +bob/ // columns headed by the program's thread names
assert search.contains('Interleaving (thread columns, in execution order)')
assert search.contains('Saved as ' + file.path) || search.contains('Saved as ') && search.contains(file.name)
// the plain @Test beside it ran as usual
assert search.contains('Tests run: 2, Failures: 1')
def safe = new File(target, 'surefire-reports/com.acme.bank.SafeAccountTest.txt').text
assert safe.contains('Tests run: 1, Failures: 0, Errors: 0')

def replay = new File(target, 'replay-reports/com.acme.bank.AccountTest.txt').text
assert replay.contains('saved finding ') && replay.contains(file.name) && replay.contains('still reproduces')
def safeReplay = new File(target, 'replay-reports/com.acme.bank.SafeAccountTest.txt').text
assert safeReplay.contains('Failures: 0, Errors: 0')
assert !new File(basedir, 'build.log').text.contains('SLF4J') : 'Weft made SLF4J warn in the user build'
return true
