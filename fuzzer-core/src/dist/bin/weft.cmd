@echo off
rem weft: the installed command (Weft's distribution, bin\weft.cmd). Runs Weft's jar from this
rem folder's ..\lib with the JVM that JAVA names (default: java on PATH); WEFT_JAVA_OPTS are
rem options of that JVM.
setlocal
set "WEFT_HOME=%~dp0.."
if "%JAVA%"=="" set "JAVA=java"
"%JAVA%" -Xss4m -XX:+UseParallelGC -Dweft.command=weft %WEFT_JAVA_OPTS% -jar "%WEFT_HOME%\lib\weft.jar" %*
exit /b %ERRORLEVEL%
