// Checks the builds of weft-plugin-it.properties (maven-plugin/pom.xml): what a user of the
// goals sees in the build's output and finds on disk.
def test = 'com.acme.bank.AccountTest#concurrentDeposits'
def campaign = new File(basedir, "target/weft/${test}")
def saved = new File(basedir, 'src/test/resources/weft/com.acme.bank.AccountTest/concurrentDeposits')
def files = saved.listFiles()?.findAll { it.name ==~ /assertion-[0-9a-f]{8}\.weft/ } ?: []
assert files.size() == 1 : "one finding saved under ${saved}, found ${saved.list()}"
def name = files[0].name
assert new File(campaign, "findings/${name}").isFile() : "the saved file is the campaign's finding"

def log = new File(basedir, 'build.log').text
// build 1: the campaign ran, weft status read its directory, the build failed with the short report
assert log.contains("session 1 of ${test}")
assert log =~ /campaign\s+.*target\/weft\/com\.acme\.bank\.AccountTest#concurrentDeposits/
assert log =~ /target\s+com\.acme\.bank\.AccountTest#concurrentDeposits/
assert log =~ /sessions\s+1, workers 1, strategy segment, seed 1\b/
assert log.contains("[weft] saved ${files[0].path}")
assert log.count('[weft] saved ') == 1 : 'saved once: the resumed campaign found nothing new'
assert log.contains("Weft's campaign on ${test} has 1 finding")
assert log.contains("${name - '.weft'}: uncaught") && log.contains('expected: <130>')
assert log.contains('(new): @WeftTest replays it')
// build 2: the same directory resumed, the finding not saved twice, the build green, the page drawn
assert log =~ /sessions\s+2, workers [23], strategy segment, seed 1\b/
assert new File(campaign, 'campaign.json').isFile()
assert new File(campaign, 'dashboard.html').length() > 0
assert log.contains('BUILD SUCCESS')
// build 3: @WeftTest found the saved file where the campaign put it, and it still reproduces
def replay = new File(basedir, 'target/surefire-reports/com.acme.bank.AccountTest.txt').text
assert replay.contains('saved finding ') && replay.contains(name) && replay.contains('still reproduces')
// build 4: weft:replay ran the saved file (which holds no class path) on the test class path
assert log.contains('REPRODUCED')
assert log.contains('1 of 1 finding(s) still reproduce')
assert log.contains('Replay one: mvn weft:replay -Dweft.finding=')
return true
